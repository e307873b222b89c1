// V8's Error.stackTraceLimit, which the engine's parser lowers around deep recursion (Node's types declare it; the
// renderer is checked without Node types).
interface ErrorConstructor {
  stackTraceLimit: number;
}
