// Starts the studio: the host (Electron or the browser server), the check and sim workers, state, then the UI.
import { mount } from 'svelte';
import './ui/app.css';
import App from './App.svelte';
import { Studio } from './state/studio.svelte';
import { SandboxState } from './state/sandbox.svelte';
import { WorkerCheckService } from './state/checkService';
import type { Host } from './host/host';
import CheckWorker from './workers/check.worker?worker';
import SimWorker from './workers/sim.worker?worker';
import schema from '../../schemas/system.schema.json';

performance.mark('rules:start');
// G's host implementations (renderer/src/host/index.ts: createHost()).
const hostModules = import.meta.glob<{ createHost(): Host }>('./host/index.ts', { eager: true });
const hostModule = Object.values(hostModules)[0];
if (!hostModule) throw new Error('renderer/src/host/index.ts (createHost) is missing');
const host = hostModule.createHost();
const checker = new WorkerCheckService(() => new CheckWorker());
const studio = new Studio(host, checker);
const sandbox = new SandboxState(() => new SimWorker());
const target = document.getElementById('app');
if (!target) throw new Error('no #app element');
mount(App, { target, props: { studio, sandbox, schema: schema as object } });

const initialPath = new URLSearchParams(location.search).get('open') ?? undefined;
void studio.start(initialPath).then(() => performance.mark('rules:ready'));

// For the end-to-end tests and the UI benchmark: read-only handles, no extra powers.
Object.assign(window, { __studio: { studio, sandbox } });
