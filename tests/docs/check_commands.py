#!/usr/bin/env python3
"""Every `collscope …` command the docs show names a subcommand and options that exist.

    check_commands.py COLLSCOPE FILE.md|FOLDER...

COLLSCOPE is the front end (build/bin/collscope). Commands are read where the docs show
commands: ```sh blocks, indented code blocks, `$ ` lines of other blocks, and `inline code`.
In each, every `collscope WORD` must be a subcommand `collscope --help` lists (or a trace to
open: a path, or a placeholder in capitals such as TRACE), and every long option after it, up
to the end of the command (`--`, a pipe, `;`, `&&`, a redirection or a comment), must appear in
that subcommand's --help (and in the --help of a sub-subcommand named right after it, such
as `collscope profiles export`). `collscope simulate` hands the options after its first word
to `collscope run` (or to a benchmark), so those are checked against run's --help, or not at
all for a benchmark. Prints each problem with its file and line; exit 1 if there is any.
"""
import os
import re
import subprocess
import sys

FENCE = re.compile(r'^\s*```(\S*)')
CALL = re.compile(r'(?:^|[\s;|&(`$])collscope\s+([^\s`]+)(.*)')
STOP = re.compile(r'\s(?:--(?:\s|$)|\||;|&&|>|<|#)')
SEPARATE = re.compile(r'(?:^|\s)(--[a-z][\w-]*)')
COLLECTIVES = set('''gather scatter bcast reduce allgather gatherv scatterv allgatherv allreduce
    reduce_scatter_block reduce_scatter scan exscan alltoall alltoallv neighbor_allgather
    neighbor_alltoall barrier ibcast iallreduce ibarrier'''.split())


class Helps:
    def __init__(self, front):
        self.front, self.cache = front, {}
        text = self.help([])
        self.subs = set(re.findall(r'^  ([a-z][\w-]*)\s', text, re.M))
        if not self.subs:
            sys.exit(f'check_commands: {front} --help lists no subcommands:\n{text}')

    def help(self, words):
        key = tuple(words)
        if key not in self.cache:
            out = subprocess.run([self.front, *words, '--help'], capture_output=True, text=True,
                                 env={'PATH': '/usr/bin:/bin', 'QT_QPA_PLATFORM': 'offscreen'})
            self.cache[key] = out.stdout + out.stderr if out.returncode == 0 else None
        return self.cache[key]


def commands(path):
    """(line number, text) of each place a command is shown."""
    lines = open(path, encoding='utf-8').read().split('\n')
    fence, i = None, 0
    while i < len(lines):
        line, number = lines[i], i + 1
        m = FENCE.match(line)
        if m:
            fence = None if fence is not None else (m.group(1) or 'text')
            i += 1
            continue
        text = None
        if fence in ('sh', 'bash', 'shell', 'console'):
            text = line
        elif fence is not None:
            text = line if line.lstrip().startswith('$ ') else None
        elif line.startswith('    ') and line.strip() and not line.lstrip().startswith(('-', '*', '|')):
            text = line
        else:
            for span in re.findall(r'`([^`]+)`', line):
                yield number, span
        if text is not None:
            while text.rstrip().endswith('\\') and i + 1 < len(lines):  # continued
                i += 1
                text = text.rstrip()[:-1] + ' ' + lines[i].strip()
            yield number, text.split(' # ')[0] if fence else text
        i += 1


def problems_of(helps, text):
    found = []
    for m in CALL.finditer(text):
        word, rest = m.group(1), m.group(2)
        if word.endswith(':'):  # a message: "collscope run: error: …"
            continue
        if word in ('--help', '-h', '--version'):
            continue
        stop = STOP.search(' ' + rest)
        rest = rest[:stop.start()] if stop else rest
        if word.startswith(('-', '/', '.', '~', '$')) or word.isupper() or word[0].isupper():
            sub = ['view']  # a trace, an option of the window, or a placeholder
            rest = word + ' ' + rest if word.startswith('-') else rest
        elif word in helps.subs:
            sub = [word]
        else:
            found.append(f'"collscope {word}": no such subcommand')
            continue
        help_text = helps.help(sub)
        if help_text is None:
            found.append(f'"collscope {" ".join(sub)} --help" fails')
            continue
        words = rest.split()
        if words and re.fullmatch(r'[a-z][\w-]*', words[0]) and re.search(
                r'(?m)^\s+' + re.escape(words[0]) + r'\b', help_text):
            nested = helps.help(sub + [words[0]])
            if nested is not None and nested != help_text:
                help_text += nested
        if sub == ['simulate']:
            # the first collective or program named ends simulate's own options
            first = next((i for i, w in enumerate(words)
                          if w in COLLECTIVES or w.startswith('bench-')), None)
            if first is not None:
                check_options(sub, ' '.join(words[:first]), help_text, found)
                if not words[first].startswith('bench-'):
                    check_options(['run'], ' '.join(words[first:]), helps.help(['run']) or '',
                                  found)
                continue
        check_options(sub, rest, help_text, found)
    return found


def check_options(sub, rest, help_text, found):
    for option in SEPARATE.findall(' ' + re.sub(r'[\[\]|]', ' ', rest)):
        if option in ('--help', '--version'):  # every command has both
            continue
        if not re.search(re.escape(option) + r'(?![\w-])', help_text):
            found.append(f'"collscope {" ".join(sub)}" has no option {option}')


def markdown_files(paths):
    """The files given, and every *.md under the folders given, sorted."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            for folder, _, files in os.walk(path):
                found += [os.path.join(folder, f) for f in files if f.endswith('.md')]
        else:
            found.append(path)
    return sorted(found)


def main(front, files):
    helps = Helps(front)
    total, bad = 0, 0
    for path in files:
        for number, text in commands(path):
            if not CALL.search(text):
                continue
            total += 1
            for p in problems_of(helps, text):
                print(f'{path}:{number}: {p}: {text.strip()}')
                bad += 1
    if bad:
        print(f'{bad} problem(s) in {total} commands')
        return 1
    print(f'ok: {total} collscope commands in {len(files)} page(s), every subcommand and option exists')
    return 0


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit('usage: check_commands.py COLLSCOPE FILE.md...')
    sys.exit(main(sys.argv[1], markdown_files(sys.argv[2:])))
