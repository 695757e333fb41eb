/**
 * What every Python program in the sandbox starts with: Node's IPC channel to the browser-worker
 * (newline-delimited JSON on the descriptor in NODE_CHANNEL_FD) and `relay(chain)`, which asks the
 * worker to run one allowlisted Playwright call chain on the page and waits for its answer. Calls
 * block: the page does one thing at a time anyway.
 */
export const PYTHON_RELAY = String.raw`
import json, os, sys

CHANNEL = int(os.environ["NODE_CHANNEL_FD"])
received = b""

def send(message):
    data = (json.dumps(message) + "\n").encode()
    while data:
        data = data[os.write(CHANNEL, data):]

def receive():
    global received
    while b"\n" not in received:
        chunk = os.read(CHANNEL, 65536)
        if not chunk:
            os._exit(1)
        received += chunk
    line, received = received.split(b"\n", 1)
    return json.loads(line)

class Error(Exception):
    """What the browser-worker answered for a failed page call (Playwright's message)."""

# Unique across the processes that share the channel (a bash script's agent-browser calls).
next_id = os.getpid() * 1_000_000

def relay(chain):
    global next_id
    next_id += 1
    send({"type": "call", "id": next_id, "chain": chain})
    while True:
        message = receive()
        if message.get("type") == "reply" and message.get("id") == next_id:
            if message.get("ok"):
                return message.get("value")
            raise Error(message.get("error"))

`;
