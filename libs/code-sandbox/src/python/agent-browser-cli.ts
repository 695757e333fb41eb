import { PYTHON_RELAY } from './relay.js';

/**
 * `agent-browser`, as bash scripts in the sandbox find it on their PATH: the commands of Vercel's
 * agent-browser CLI that agents use most, each turned into allowlisted Playwright calls on the
 * session's page over the relay (see PYTHON_RELAY). `snapshot` numbers the page's visible
 * interactive elements as refs (`@e1`), which later commands take wherever a selector goes.
 * Anything else is refused by name, never ignored.
 */
export const AGENT_BROWSER_CLI = `#!/usr/bin/python3 -I\n${PYTHON_RELAY}${String.raw`
import re

# Marks and lists what an agent can act on: links, buttons, fields, and elements with such roles.
SNAPSHOT = r"""() => {
  const acting = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=switch], [role=combobox], [role=textbox], [contenteditable=""], [contenteditable=true]';
  for (const marked of document.querySelectorAll('[data-trawl-ref]')) marked.removeAttribute('data-trawl-ref');
  const found = [];
  for (const element of document.querySelectorAll(acting)) {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if ((box.width === 0 && box.height === 0) || style.visibility === 'hidden') continue;
    const ref = 'e' + (found.length + 1);
    element.setAttribute('data-trawl-ref', ref);
    const tag = element.tagName.toLowerCase();
    const type = (element.getAttribute('type') || '').toLowerCase();
    const role = element.getAttribute('role') || (tag === 'a' ? 'link' : tag === 'select' ? 'combobox'
      : tag === 'input' ? (['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type) ? (type === 'submit' || type === 'reset' ? 'button' : type) : 'textbox')
      : tag === 'textarea' ? 'textbox' : tag);
    const label = element.labels && element.labels.length > 0 ? element.labels[0].innerText : '';
    const name = (element.getAttribute('aria-label') || label || element.innerText || (tag === 'input' && ['button', 'submit'].includes(type) ? element.value : '') || element.getAttribute('title') || element.getAttribute('alt') || '').replace(/\s+/g, ' ').trim().slice(0, 120);
    found.push({ ref, role, name, href: tag === 'a' ? element.getAttribute('href') : null, placeholder: element.getAttribute('placeholder') });
  }
  return found;
}"""

HELP = """agent-browser (Trawl): the page of this browser session
  open <url>                       go to a URL (https:// when none given; aliases goto, navigate)
  back | forward | reload
  snapshot [-i]                    refs (@e1, ...) of the visible interactive elements; without -i the accessibility tree first
  click | dblclick | hover | focus | check | uncheck | scrollintoview <sel>
  fill <sel> <text>                replace a field's value      type <sel> <text>   type into it key by key
  press <key>                      e.g. Enter, Tab, Control+a   select <sel> <value>...
  scroll <up|down|left|right> [px]
  wait <ms|sel> | wait --text <text> | wait --load <load|domcontentloaded|networkidle>
  get text|html|value|title|url|count <sel>    get attr <sel> <name>
  is visible|enabled|checked <sel>
  eval <javascript>                screenshot [--full]  (a PNG, base64, on stdout)
A <sel> is a ref from snapshot (@e2) or a CSS selector; --timeout <ms> bounds the wait for it."""

class Usage(Exception):
    """A command or its arguments this CLI cannot run."""

def selector(target):
    ref = re.fullmatch(r"@(e\d+)", target)
    return f'[data-trawl-ref="{ref.group(1)}"]' if ref else target

# --timeout <ms> bounds a command's waiting for its element (Playwright's default: 30 s).
TIMEOUT = {}

def on(target, method, *args):
    options = [TIMEOUT] if TIMEOUT and method not in READS else []
    return relay([{"get": "locator"}, {"call": [selector(target)]}, {"get": method}, {"call": [*args, *options]}])

# Methods that take no timeout option.
READS = {"count", "isVisible"}

def page(method, *args):
    return relay([{"get": method}, {"call": list(args)}])

def need(args, count, usage, most=None):
    if len(args) < count or len(args) > (count if most is None else most):
        raise Usage(f"usage: agent-browser {usage}")
    return args

def show(value):
    if value is None:
        return
    print(value if isinstance(value, str) else json.dumps(value))

def snapshot(args):
    if "-i" not in args and "--interactive" not in args:
        print(relay([{"get": "locator"}, {"call": ["body"]}, {"get": "ariaSnapshot"}, {"call": []}]))
        print()
    for element in page("evaluate", {"__function": SNAPSHOT}):
        line = f'@{element["ref"]} [{element["role"]}] "{element["name"]}"'
        if element.get("href"):
            line += f' href="{element["href"]}"'
        if element.get("placeholder"):
            line += f' placeholder="{element["placeholder"]}"'
        print(line)

def get(args):
    what = need(args, 1, "get <text|html|value|title|url|count|attr> [sel]", 3)[0]
    if what == "title":
        return show(page("title"))
    if what == "url":
        return show(page("url"))
    methods = {"text": "innerText", "html": "innerHTML", "value": "inputValue", "count": "count"}
    if what in methods:
        return show(on(need(args, 2, f"get {what} <sel>")[1], methods[what]))
    if what == "attr":
        _, target, name = need(args, 3, "get attr <sel> <name>")
        return show(on(target, "getAttribute", name))
    raise Usage(f"get {what} is not available (text, html, value, title, url, count, attr)")

def wait(args):
    need(args, 1, "wait <ms|sel> | --text <text> | --load <state>", 2)
    if args[0] == "--text":
        return relay([{"get": "getByText"}, {"call": [need(args, 2, "wait --text <text>")[1]]}, {"get": "first"}, {"call": []}, {"get": "waitFor"}, {"call": []}])
    if args[0] == "--load":
        return page("waitForLoadState", need(args, 2, "wait --load <state>")[1])
    if args[0].isdigit():
        return page("waitForTimeout", int(args[0]))
    return page("waitForSelector", selector(args[0]), *([TIMEOUT] if TIMEOUT else []))

def scroll(args):
    direction = need(args, 1, "scroll <up|down|left|right> [px]", 2)[0]
    if len(args) > 1 and not args[1].isdigit():
        raise Usage("scroll takes a number of pixels")
    amount = int(args[1]) if len(args) > 1 else 300
    deltas = {"up": (0, -amount), "down": (0, amount), "left": (-amount, 0), "right": (amount, 0)}
    if direction not in deltas:
        raise Usage("scroll takes up, down, left or right")
    relay([{"get": "mouse"}, {"get": "wheel"}, {"call": list(deltas[direction])}])

def run(command, args):
    if command in ("open", "goto", "navigate"):
        url = need(args, 1, "open <url>")[0]
        page("goto", url if re.match(r"^[a-z][a-z0-9+.-]*:", url) else f"https://{url}")
        return show(page("url"))
    if command in ("back", "forward", "reload"):
        need(args, 0, command)
        return page({"back": "goBack", "forward": "goForward", "reload": "reload"}[command])
    if command == "snapshot":
        if [arg for arg in args if arg not in ("-i", "--interactive")]:
            raise Usage("snapshot takes only -i here")
        return snapshot(args)
    acting = {"click": "click", "dblclick": "dblclick", "hover": "hover", "focus": "focus", "check": "check", "uncheck": "uncheck", "scrollintoview": "scrollIntoViewIfNeeded"}
    if command in acting:
        return on(need(args, 1, f"{command} <sel>")[0], acting[command])
    if command in ("fill", "type"):
        target, *text = need(args, 2, f"{command} <sel> <text>", len(args))
        return on(target, "fill" if command == "fill" else "pressSequentially", " ".join(text))
    if command in ("press", "key"):
        return relay([{"get": "keyboard"}, {"get": "press"}, {"call": [need(args, 1, "press <key>")[0]]}])
    if command == "select":
        target, *values = need(args, 2, "select <sel> <value>...", len(args))
        return on(target, "selectOption", values)
    if command == "scroll":
        return scroll(args)
    if command == "wait":
        return wait(args)
    if command == "get":
        return get(args)
    if command == "is":
        what, target = need(args, 2, "is <visible|enabled|checked> <sel>")
        if what not in ("visible", "enabled", "checked"):
            raise Usage("is takes visible, enabled or checked")
        return show(on(target, "is" + what.capitalize()))
    if command == "eval":
        script = " ".join(need(args, 1, "eval <javascript>", len(args)))
        return show(page("evaluate", script))
    if command == "screenshot":
        if [arg for arg in args if arg != "--full"]:
            raise Usage("screenshot writes no file here: it prints the PNG, base64, on stdout (screenshot [--full])")
        return show(page("screenshot", {"fullPage": "--full" in args}))
    if command in ("close", "quit", "exit"):
        print("agent-browser: the session stays open until DELETE /v2/browser/<id> or its ttl", file=sys.stderr)
        return
    raise Usage(f"{command} is not available in Trawl's agent-browser (agent-browser --help lists what is)")

arguments = sys.argv[1:]
if "--timeout" in arguments:
    at = arguments.index("--timeout")
    if at + 1 >= len(arguments) or not arguments[at + 1].isdigit():
        print("agent-browser: --timeout takes milliseconds", file=sys.stderr)
        sys.exit(2)
    TIMEOUT["timeout"] = int(arguments[at + 1])
    del arguments[at : at + 2]
if not arguments or arguments[0] in ("-h", "--help", "help"):
    print(HELP)
    sys.exit(0)
try:
    run(arguments[0], arguments[1:])
except Usage as error:
    print(f"agent-browser: {error}", file=sys.stderr)
    sys.exit(2)
except Error as error:
    print(f"agent-browser: {arguments[0]} failed: {error}", file=sys.stderr)
    sys.exit(1)
`}`;
