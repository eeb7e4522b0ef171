#!/usr/bin/env python3
"""Every relative link of the given Markdown files resolves.

    check_links.py FILE.md|FOLDER...

A link's file must exist (relative to the page that links it), and a `#anchor` must name a
heading of the page it points into, with GitHub's rule for heading anchors (lower case;
everything but letters, digits, `_`, `-` and spaces dropped; spaces to `-`; repeats get -1,
-2, ...). Links inside code (fenced blocks and `inline code`) are text, not links, and are not
checked; http(s) and mailto links are not fetched. Prints one line per broken link and exits 1
if there is any, so a moved section or a renamed heading cannot leave a dead link behind.
"""
import os
import re
import sys

LINK = re.compile(r'!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^()\s]+(?:\([^()\s]*\))?[^()\s]*)(?:\s+"[^"]*")?\)')
FENCE = re.compile(r'^\s*(```|~~~)')


def prose_lines(text):
    """(line number, line) of every line outside fenced code, inline code blanked out."""
    fenced = False
    for number, line in enumerate(text.split('\n'), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced or line.startswith('    ') and not line.lstrip().startswith(('-', '*', '|')):
            continue
        yield number, re.sub(r'`[^`]*`', lambda m: ' ' * len(m.group(0)), line)


def slug(heading):
    text = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', heading)  # a link in a heading: its text
    text = text.replace('`', '').strip().lower()
    text = re.sub(r'[^\w\- ]', '', text)
    return text.replace(' ', '-')


def anchors(path, cache={}):
    if path not in cache:
        found, seen, fenced = set(), {}, False
        with open(path, encoding='utf-8') as f:
            for line in f:
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                m = None if fenced else re.match(r'^#{1,6}\s+(.*?)\s*#*\s*$', line)
                if m:
                    base = slug(m.group(1))
                    n = seen.get(base, 0)
                    seen[base] = n + 1
                    found.add(base if n == 0 else f'{base}-{n}')
        # explicit anchors: <a id="..."> or <a name="...">
        with open(path, encoding='utf-8') as f:
            found.update(re.findall(r'<a\s+(?:id|name)="([^"]+)"', f.read()))
        cache[path] = found
    return cache[path]


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


def main(files):
    broken = 0
    for page in files:
        with open(page, encoding='utf-8') as f:
            text = f.read()
        for number, line in prose_lines(text):
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r'[a-z]+:', target):
                    continue
                path, _, anchor = target.partition('#')
                resolved = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                problem = None
                if not os.path.exists(resolved):
                    problem = f'{path}: no such file'
                elif anchor and resolved.endswith('.md') and anchor not in anchors(resolved):
                    problem = f'no heading #{anchor} in {os.path.relpath(resolved)}'
                if problem:
                    print(f'{page}:{number}: broken link ({target}): {problem}')
                    broken += 1
    total = len(files)
    if broken:
        print(f'{broken} broken link(s) in {total} page(s)')
        return 1
    print(f'ok: every relative link of {total} page(s) resolves')
    return 0


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit('usage: check_links.py FILE.md...')
    sys.exit(main(markdown_files(sys.argv[1:])))
