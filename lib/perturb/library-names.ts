// Names a review comment borrows from a language or a library rather than from the reviewed
// repository (issue #18): renaming them (`ExceptionImpl`, `asyncio.get_event_loop_impl()`,
// `Array.prototype.flat_impl`) is spotted without looking at the repository, so the symbol
// generator never swaps them. Maintained by hand; add a name when a swap of it shows up.

/** Modules and globals whose attributes are library API: `json.loads`, `Promise.all`, `dict.get`. */
export const LIBRARY_ROOTS: ReadonlySet<string> = new Set([
  // Python standard library and builtins used as receivers
  "asyncio", "os", "sys", "json", "re", "typing", "collections", "functools", "itertools", "pathlib",
  "logging", "datetime", "time", "unittest", "contextlib", "dataclasses", "enum", "math", "random",
  "subprocess", "threading", "multiprocessing", "shutil", "tempfile", "io", "copy", "inspect", "abc",
  "operator", "warnings", "traceback", "uuid", "hashlib", "base64", "pickle", "csv", "socket", "http",
  "urllib", "struct", "signal", "weakref", "heapq", "bisect", "string", "textwrap", "decimal", "pytest",
  "mock", "builtins", "dict", "list", "set", "str", "int", "float", "tuple", "bytes", "object", "type",
  // Python scientific and web libraries, with their usual aliases
  "torch", "np", "numpy", "pd", "pandas", "scipy", "sklearn", "tf", "jax", "requests", "django",
  "flask", "sqlalchemy", "pydantic", "attr", "attrs", "click", "yaml", "toml",
  // JavaScript / TypeScript globals and common libraries
  "Array", "Object", "Promise", "JSON", "Math", "Number", "String", "Symbol", "Reflect", "Date",
  "Map", "Set", "WeakMap", "console", "window", "document", "process", "Buffer", "globalThis",
  "React", "ReactDOM", "z", "zod", "fs", "path", "crypto", "util", "Intl", "URL", "navigator",
  "localStorage", "sessionStorage", "prototype", "vi", "jest", "expect", "describe",
]);

/** Builtin classes, functions and typing names that are library API on their own. */
export const BUILTIN_NAMES: ReadonlySet<string> = new Set([
  "Exception", "BaseException", "ValueError", "TypeError", "KeyError", "IndexError", "AttributeError",
  "RuntimeError", "NotImplementedError", "StopIteration", "OSError", "IOError", "FileNotFoundError",
  "TimeoutError", "AssertionError", "ImportError", "ZeroDivisionError", "PermissionError",
  "UnicodeDecodeError", "DeprecationWarning", "UserWarning", "Warning",
  "Optional", "Union", "List", "Dict", "Tuple", "Set", "Any", "Callable", "Iterable", "Iterator",
  "Sequence", "Mapping", "TypeVar", "Generic", "Protocol", "Literal", "ClassVar", "Final", "Awaitable",
  "Error", "TypeError", "RangeError", "SyntaxError", "Record", "Partial", "Readonly", "Pick", "Omit",
  "ReturnType", "Promise", "Array", "Map", "Set", "Date", "RegExp", "AbortController", "AbortSignal",
  "setTimeout", "clearTimeout", "setInterval", "clearInterval", "structuredClone", "queueMicrotask",
  "requestAnimationFrame", "fetch", "useEffect", "useState", "useMemo", "useCallback", "useRef",
  "useContext", "useReducer", "useLayoutEffect", "setUp", "tearDown", "setUpClass", "tearDownClass",
  "staticmethod", "classmethod", "property", "super", "isinstance", "issubclass", "callable",
  "lru_cache", "cached_property", "dataclass", "namedtuple", "defaultdict", "OrderedDict", "Counter",
  "get_event_loop", "get_running_loop", "utcnow", "no_grad", "getLogger", "monkeypatch", "parametrize",
  "fixture", "toBe", "toEqual", "toMatchObject", "hasOwnProperty", "toString", "valueOf",
]);

const UNITTEST_ASSERTION = /^assert[A-Z]\w*$/;

/**
 * True when a code element names language or library API: its receiver's root is a library
 * module or global (`json.loads`, `Array.prototype.flat`), or its name is a builtin (`Exception`,
 * `Optional`, `structuredClone`) or a unittest assertion (`self.assertRaises`).
 */
export function isLibraryElement(element: { element: string; name: string }): boolean {
  const path = element.element.replace(/\(.*\)$/, "").replace(/\[.*\]$/, "");
  const parts = path.split(".");
  if (parts.length > 1 && LIBRARY_ROOTS.has(parts[0])) return true;
  return BUILTIN_NAMES.has(element.name) || UNITTEST_ASSERTION.test(element.name);
}
