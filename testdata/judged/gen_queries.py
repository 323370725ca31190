# Writes queries.jsonl from queries.tsv (kind, query, relevant ids) and checks the set: every judged id exists,
# and a paraphrase shares at most one content word (5-letter prefix, stopwords dropped) with its entry.
import json, re, sys
E = {}
for f in ['../entries/part-a.jsonl', '../entries/part-b.jsonl', 'distractors.jsonl']:
    for l in open(f):
        e = json.loads(l); E[e['id']] = e
STOP = set(("a an and are as at be but by for if in into is it no not of on or such that the their then there these "
            "they this to was will with how do does i we you my me our what which why when where who can could should "
            "would after before about from over out up down all any one two each every its it's than too very just only "
            "still get got make use used using his her so").split())
def stems(t):
    return {w[:5] for w in re.findall(r"[a-z0-9]+", t.lower()) if w not in STOP and len(w) > 1}
bad = []
with open('queries.jsonl', 'w') as out:
    for n, line in enumerate(open('queries.tsv'), 1):
        kind, q, rel = line.rstrip('\n').split('\t'); rel = rel.split()
        for r in rel:
            if r not in E: sys.exit(f"line {n}: unknown entry {r}")
        if kind == 'paraphrase':
            for r in rel:
                e = E[r]
                shared = stems(q) & stems(e['title'] + ' ' + e['body'] + ' ' + (e.get('trigger') or ''))
                if len(shared) > 1: bad.append((n, q, r, sorted(shared)))
        out.write(json.dumps({"id": "j-%03d" % n, "kind": kind, "query": q, "relevant": rel}) + "\n")
for b in bad: print("paraphrase shares more than one content word:", b)
sys.exit(1 if bad else 0)
