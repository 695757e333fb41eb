/** The bench scripts' command line: `--name value` options and `--flag` switches. */
const args = process.argv.slice(2);

export const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
};

export const flag = (name: string): boolean => args.includes(`--${name}`);
