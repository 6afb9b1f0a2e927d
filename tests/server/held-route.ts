import type { FastifyPluginAsync } from 'fastify';

/**
 * A state-changing signed-in route (POST /test/hold) that holds the applicant's turn until the test releases it:
 * `holding` resolves once a request is inside it, `release()` lets it answer.
 */
export function heldRoute(): { routes: FastifyPluginAsync; holding: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const holding = new Promise<void>((resolve) => (entered = resolve));
  const routes: FastifyPluginAsync = async (app) => {
    app.post('/test/hold', async () => {
      entered();
      await held;
      return { held: true };
    });
  };
  return { routes, holding, release };
}
