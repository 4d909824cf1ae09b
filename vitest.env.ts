// jsdom, one per worker (see vitest.config.ts), that leaves frame functions behind when it is
// torn down. Code that races a frame against a timer (the island loader's "ready" in
// ssr/runtime/client.js, preact's after-paint effects) cancels the frame when the timer wins;
// a timer left by a worker's last test can fire after teardown has removed jsdom's globals,
// and a cancelAnimationFrame that no longer exists is an unhandled error that fails a run in
// which every test passed (seen on a loaded machine, where the timer wins more often).
import { builtinEnvironments, type Environment } from 'vitest/environments';

const { jsdom } = builtinEnvironments;

export default {
  ...jsdom,
  name: 'jsdom-frames',
  async setup(global, options) {
    const env = await jsdom.setup(global, options);
    return {
      async teardown(g) {
        await env.teardown(g);
        g.requestAnimationFrame ??= () => 0;
        g.cancelAnimationFrame ??= () => {};
      },
    };
  },
} satisfies Environment;
