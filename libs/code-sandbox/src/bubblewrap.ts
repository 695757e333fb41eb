/**
 * bubblewrap's arguments for a program that must see nothing of the host: every namespace new
 * (no network, its own process tree), the system's programs read-only, a private /tmp, and only
 * the extra paths named here (read-only) plus, optionally, one working directory (writable).
 */
export function bubblewrapArguments(options: {
  readOnly?: string[];
  workdir?: { host: string; at: string };
}): string[] {
  const home = options.workdir?.at ?? '/tmp';
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    ...['--ro-bind', '/usr', '/usr'],
    ...(options.readOnly ?? []).flatMap((path) => ['--ro-bind-try', path, path]),
    ...['--symlink', 'usr/lib', '/lib'],
    ...['--symlink', 'usr/lib64', '/lib64'],
    ...['--symlink', 'usr/bin', '/bin'],
    ...['--proc', '/proc'],
    ...['--dev', '/dev'],
    ...['--tmpfs', '/tmp'],
    ...(options.workdir ? ['--bind', options.workdir.host, options.workdir.at] : []),
    ...['--setenv', 'HOME', home],
    ...['--chdir', home],
  ];
}
