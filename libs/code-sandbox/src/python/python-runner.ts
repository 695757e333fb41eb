import { PYTHON_RELAY } from './relay.js';

/**
 * The Python program that runs one interact or browser-session script in its sandbox (passed to
 * `python3 -c`, so no file of it has to be mounted there). It speaks the Node runner's protocol
 * over the relay (see PYTHON_RELAY) and gives the script a `page` shaped like Playwright's async
 * Python API: snake_case methods and keyword
 * options become the JavaScript calls the browser-worker's allowlist relays (`get_by_role("button",
 * name="Go")` is `getByRole('button', {name: 'Go'})`); `page.url`, `.first` and `.last`, properties
 * in Python and methods in JavaScript, are called; JavaScript given as a string to `evaluate` and
 * friends runs as a function when it is one, as in Python's Playwright. Top-level `await` works;
 * `print` is the script's stdout.
 */
export const PYTHON_RUNNER =
  PYTHON_RELAY +
  String.raw`
import ast, asyncio, re, resource, traceback

# The script itself has no use for the channel's name.
os.environ.pop("NODE_CHANNEL_FD")
os.environ.pop("NODE_CHANNEL_SERIALIZATION_MODE", None)
MEMORY_BYTES = int(sys.argv[1]) * 1024 * 1024

def camel(name):
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)

FUNCTION = re.compile(r"^\s*(async\s+)?(function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)")
SCRIPT_METHODS = {"evaluate", "evaluateAll", "waitForFunction"}
CALLED_PROPERTIES = {"url", "first", "last"}

def encode(value):
    if isinstance(value, re.Pattern):
        flags = ("i" if value.flags & re.IGNORECASE else "") + ("m" if value.flags & re.MULTILINE else "") + ("s" if value.flags & re.DOTALL else "")
        return {"__regexp": value.pattern, "flags": flags}
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]
    if isinstance(value, dict):
        return {camel(str(key)): encode(item) for key, item in value.items()}
    return value

class Chain:
    """page.locator("a").first.click(): recorded step by step, sent when awaited."""

    def __init__(self, steps):
        self._steps = steps

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        step = camel(name)
        steps = self._steps + [{"get": step}]
        if step in CALLED_PROPERTIES:
            steps.append({"call": []})
            # page.url is a plain value in Python; locator.first and .last are locators.
            if step == "url":
                return relay(steps)
        return Chain(steps)

    def __call__(self, *args, **options):
        method = self._steps[-1].get("get") if self._steps else None
        values = [encode(arg) for arg in args]
        if method in SCRIPT_METHODS and values and isinstance(values[0], str) and FUNCTION.match(values[0]):
            values[0] = {"__function": values[0]}
        if options:
            values.append(encode(options))
        return Chain(self._steps + [{"call": values}])

    def __await__(self):
        return relay(self._steps)
        yield

    def __repr__(self):
        # What Playwright's async API prints for a call without await is a coroutine; say what to write.
        call = "page" + "".join("." + step["get"] if "get" in step else "(…)" if step["call"] else "()" for step in self._steps)
        return f"<{call} not awaited: write await {call}>"

def run(source):
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    scope = {"__name__": "__main__", "page": Chain([]), "asyncio": asyncio}
    code = compile(source, "interact.py", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    outcome = eval(code, scope)
    if asyncio.iscoroutine(outcome):
        asyncio.run(outcome)

send({"type": "ready"})
message = receive()
try:
    run(message["code"])
    sys.stdout.flush()
    send({"type": "done", "result": None})
except SystemExit as error:
    if error.code in (None, 0):
        send({"type": "done", "result": None})
    else:
        send({"type": "failed", "error": f"exit({error.code})"})
except BaseException as error:
    # The script's own frames and what they called, not the runner's nor asyncio's around them.
    frames = traceback.extract_tb(error.__traceback__)
    start = next((index for index, frame in enumerate(frames) if frame.filename == "interact.py"), len(frames))
    kept = [frame for frame in frames[start:] if frame.filename != "<string>"]
    summary = "".join(traceback.format_exception_only(type(error), error))
    sys.stderr.write("Traceback (most recent call last):\n" + "".join(traceback.format_list(kept)) + summary)
    sys.stderr.flush()
    send({"type": "failed", "error": summary.strip()})
`;
