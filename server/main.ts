import { runSimulatorProcess, simulatorRole, simulatorRoleVariable } from './providers/simulator-process';
import { serve } from './serve';

/**
 * The server's one entry (dist-server/main.js): the server, or, started by it with SIMULATORS=process, the process
 * its vendors' simulators run in (server/providers/simulator-process.ts).
 */
if (process.env[simulatorRoleVariable] === simulatorRole) runSimulatorProcess();
else await serve(process.argv[1] ?? '');
