import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createOutboxRecorder } from '../../simulated-outbox';
import type { HttpSimulator, SimulatorDeps } from '../../vendor';
import { templateRegistry, withSimulatedTemplateIds } from '../simulated-templates';

/**
 * MSG91's Flow API on loopback (client.ts has the documentation it follows). It holds the templates a broker creates in
 * the MSG91 panel (flow-config/sms.json, simulated ids where it is blank), checks the authkey, the template and its
 * variables as MSG91 would, and delivers into the outbox (/dev/outbox) the text the phone would show.
 */

export const simulatorAuthKey = 'sim-msg91-authkey';
export const simulatorSenderId = 'ONBORD';

const error = (message: string, code?: string) => ({ type: 'error', message, ...(code ? { code } : {}) });

export function msg91Routes(deps: SimulatorDeps): FastifyPluginAsync {
  const findTemplate = templateRegistry(deps.config, (ids) => ids.msg91TemplateId);
  const deliver = createOutboxRecorder(deps);
  return async (app) => {
    const flow = async (request: FastifyRequest, reply: FastifyReply) => {
      if (deps.delayMs > 0) await sleep(deps.delayMs);
      if (request.headers.authkey !== simulatorAuthKey) {
        reply.code(401);
        return error('Invalid authentication key', '207');
      }
      const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
      const templateId = typeof body.template_id === 'string' ? body.template_id : typeof body.flow_id === 'string' ? body.flow_id : '';
      const template = findTemplate(templateId);
      if (!template) {
        reply.code(400);
        return error('Invalid template id');
      }
      const recipients = Array.isArray(body.recipients) ? (body.recipients as unknown[]) : [];
      if (recipients.length === 0) {
        reply.code(400);
        return error('Missing mobile number', '101');
      }
      const checked: { mobile: string; values: Record<string, string> }[] = [];
      for (const recipient of recipients) {
        const fields = (typeof recipient === 'object' && recipient !== null ? recipient : {}) as Record<string, unknown>;
        const mobiles = typeof fields.mobiles === 'string' ? fields.mobiles : '';
        if (!/^91[6-9]\d{9}$/.test(mobiles)) {
          reply.code(400);
          return error('Invalid mobile number', '202');
        }
        const values: Record<string, string> = {};
        for (const name of template.variables) {
          const value = fields[name];
          if (typeof value !== 'string' || value === '') {
            reply.code(400);
            return error(`Missing value of variable ${name}`);
          }
          values[name] = value;
        }
        checked.push({ mobile: mobiles.slice(2), values });
      }
      for (const { mobile, values } of checked) await deliver({ channel: 'sms', to: mobile, text: template.word(values), code: values.code ?? null });
      return { type: 'success', message: randomBytes(12).toString('hex') };
    };
    app.post('/api/v5/flow', flow);
    app.post('/api/v5/flow/', flow);
  };
}

export const msg91Simulator: HttpSimulator<never> = {
  covers:
    '`POST /api/v5/flow/` with the `authkey` its settings give (401, code 207, otherwise); the template id of each SMS text of flow-config/sms.json (blank ids get simulated ones, the same for the client and the simulator), `mobiles` as 91 and a 10-digit mobile (code 202), every variable of the template (400 otherwise); the text worded in its language goes into the outbox (`/dev/outbox`), the `code` variable as its code.',
  defaultDelayMs: 150,
  prepareConfig: withSimulatedTemplateIds,
  routes: msg91Routes,
  settings: (baseUrl) => ({ MSG91_BASE_URL: baseUrl, MSG91_AUTH_KEY: simulatorAuthKey, MSG91_SENDER_ID: simulatorSenderId }),
};
