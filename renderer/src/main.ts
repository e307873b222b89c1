// Starts the studio: the host (Electron or the browser server), the check and sim workers, state, then the UI.
// './boot' comes first: it starts the check worker and the editor chunk before the rest of this bundle evaluates.
import { createCheckWorker } from './boot';
import { mount } from 'svelte';
import './ui/app.css';
import App from './App.svelte';
import { Studio } from './state/studio.svelte';
import { SandboxState } from './state/sandbox.svelte';
import { WorkerCheckService } from './state/checkService';
import type { SystemEditor } from './editor/systemEditor';
import { createHost } from './host/index';
import { Settings, applySettings } from './state/settings.svelte';
import CheckWorker from './workers/check.worker?worker';
import SimWorker from './workers/sim.worker?worker';

performance.mark('rules:start');
const settings = new Settings({ storage: window.localStorage, darkQuery: window.matchMedia?.('(prefers-color-scheme: dark)') ?? null, language: navigator.language });
applySettings(settings, document.documentElement);
const target = document.getElementById('app');
if (!target) throw new Error('no #app element');
let host;
try {
  host = createHost();
} catch (error) {
  // No Electron preload and no browser-mode token: say how to start the studio (as text, never as HTML).
  target.className = 'fatal';
  target.textContent = error instanceof Error ? error.message : String(error);
  throw error;
}
const checker = new WorkerCheckService(createCheckWorker);
const studio = new Studio(host, checker, new WorkerCheckService(() => new CheckWorker()));
const sandbox = new SandboxState(() => new SimWorker(), host.runs, navigator.hardwareConcurrency);
// For the end-to-end tests and the UI benchmark: read-only handles, no extra powers.
const probe: { studio: Studio; sandbox: SandboxState; editor: SystemEditor | null } = { studio, sandbox, editor: null };
Object.assign(window, { __studio: probe });
// The host's requests go out before the shell mounts (their answers arrive while it does).
// `?open=<path>` opens that file instead of the last session's tabs; it is taken off the address, so a reload brings
// back the session (the tabs as they are then), not the file the address once named.
const initialPath = new URLSearchParams(location.search).get('open') ?? undefined;
if (initialPath !== undefined) {
  const url = new URL(location.href);
  url.searchParams.delete('open');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
}
void studio.start(initialPath).then(
  () => performance.mark('rules:ready'),
  (error: unknown) => {
    // The host refused the page (an address whose one-time code was already used, a server since restarted): say
    // so in place of a studio that cannot load or save anything.
    target.className = 'fatal';
    target.textContent = error instanceof Error ? error.message : String(error);
  },
);
mount(App, { target, props: { studio, sandbox, settings, onEditor: (editor: SystemEditor) => (probe.editor = editor) } });
// The shell (file list, sandbox, status bar) is in the DOM; Monaco follows in its own chunk (started in boot.ts).
requestAnimationFrame(() => setTimeout(() => performance.mark('rules:shell'), 0));
