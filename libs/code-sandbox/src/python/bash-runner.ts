import { PYTHON_RELAY } from './relay.js';

/**
 * The program that runs one bash script in the sandbox (arguments: the memory cap in MB and the
 * source of `agent-browser`, AGENT_BROWSER_CLI): it takes the script over the relay's channel,
 * puts `agent-browser` on the script's PATH, runs the script with bash and reports bash's exit
 * status; the script's own output is its stdout and stderr.
 */
export const BASH_RUNNER = `${PYTHON_RELAY}

import resource, stat, subprocess

MEMORY_BYTES = int(sys.argv[1]) * 1024 * 1024
send({"type": "ready"})
code = receive()["code"]
os.makedirs("/tmp/bin", exist_ok=True)
with open("/tmp/bin/agent-browser", "w") as cli:
    cli.write(sys.argv[2])
os.chmod("/tmp/bin/agent-browser", stat.S_IRWXU)
resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
sys.stdout.flush()
status = subprocess.run(
    ["/bin/bash", "-c", code],
    stdin=subprocess.DEVNULL,
    pass_fds=(CHANNEL,),
    env={**os.environ, "PATH": "/tmp/bin:/usr/bin:/bin", "HOME": "/tmp"},
).returncode
if status == 0:
    send({"type": "done", "result": None})
else:
    send({"type": "failed", "error": f"bash exited with status {status}", "exitCode": status})
`;
