// The one way main answers the renderer: every handler goes through handle(), which refuses senders that are not
// the app's own top-level page and arguments that do not fit the contract, before the handler runs.
// Electron types are described structurally, so this is tested without Electron.
import { checkArguments, type HandlerTable, type InvokeChannel, type Handler } from './contract.js';

/** The origin of the bundled renderer, served by the app:// protocol (see protocol.ts). */
export const APP_ORIGIN = 'app://rules-studio';

/** The parts of Electron's WebFrameMain that handle() reads. */
export interface SenderFrameLike {
  url: string;
  parent: SenderFrameLike | null;
}

/** The parts of Electron's IpcMainInvokeEvent that handle() reads. */
export interface InvokeEventLike {
  senderFrame: SenderFrameLike | null;
}

/** The part of Electron's ipcMain that handle() uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
}

/** Null when the sender is the app's top-level page, else why it is refused. */
export function senderProblem(event: InvokeEventLike, appOrigin: string = APP_ORIGIN): string | null {
  const frame = event.senderFrame;
  // A null frame means it navigated away or was destroyed since sending.
  if (!frame) return 'the sending frame is gone';
  if (frame.parent !== null) return 'it came from a sub-frame, not the app page';
  let origin: string;
  try {
    const url = new URL(frame.url);
    origin = `${url.protocol}//${url.host}`;
  } catch {
    return `the sender's URL ${JSON.stringify(frame.url.slice(0, 100))} is not valid`;
  }
  return origin === appOrigin ? null : `the sender ${JSON.stringify(origin)} is not the Rules Studio page (${appOrigin})`;
}

/** Registers one channel: sender check → argument check → handler. Refusals reject with an error that says why. */
export function handle<C extends InvokeChannel>(ipc: IpcMainLike, channel: C, handler: Handler<C>, appOrigin: string = APP_ORIGIN): void {
  ipc.handle(channel, async (event, ...args) => {
    const refused = senderProblem(event, appOrigin);
    if (refused) throw new Error(`Refused ${channel}: ${refused}`);
    const checked = checkArguments(channel, args);
    if (!checked.ok) throw new Error(`Refused ${checked.error}`);
    return handler(...checked.args);
  });
}

/** Registers a whole table (every channel of the contract, enforced by the type). */
export function handleAll(ipc: IpcMainLike, handlers: HandlerTable, appOrigin: string = APP_ORIGIN): void {
  for (const channel of Object.keys(handlers) as InvokeChannel[]) {
    handle(ipc, channel, handlers[channel] as Handler<typeof channel>, appOrigin);
  }
}
