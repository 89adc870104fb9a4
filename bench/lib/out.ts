/** Progress and result lines of the bench CLIs (stdout; the project's lint keeps console for warnings). */
export function out(line = ""): void {
  process.stdout.write(`${line}\n`);
}
