// Imported first by main.ts, so that it runs before the rest of the bundle is evaluated (a
// bundle keeps import order): the WebSocket handshake and the core's first answers then overlap
// with evaluating the app and mounting the shell instead of following them.
import { getBridge } from './index.ts';

getBridge();
