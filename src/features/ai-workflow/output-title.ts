/** Output variables whose name is only a generic word: shown as 运行结果. */
const GENERIC_OUTPUT_NAMES = new Set(["result", "results", "output", "outputs", "text", "answer", "content"]);

/**
 * The heading of one output card. A workflow's outputs are named by its end node's variables, which
 * carry no label: a single output is the run's result, generic names read as 运行结果, and other
 * names (chosen by the app's author, often already Chinese) are shown as they are.
 */
export function outputTitle(name: string, outputCount: number): string {
  if (outputCount === 1 || GENERIC_OUTPUT_NAMES.has(name.toLowerCase())) return "运行结果";
  return name;
}
