// tree-seq: the nodes of a tree, depth first.
import { rt } from '../runtime.ts';
import { truthy, type Value } from '../values.ts';
import { fn1 } from './callers.ts';
import { items } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin(
  'tree-seq',
  3,
  'The nodes of a tree in depth-first order: each node, then (children node) when (branch? node).',
  (branch, children, root) => {
    const isBranch = fn1('tree-seq', branch);
    const kids = fn1('tree-seq', children);
    const out: Value[] = [];
    const r = rt();
    const stack: Value[] = [root];
    while (stack.length > 0) {
      const node = stack.pop() as Value;
      out.push(node);
      if ((out.length & 1023) === 0) r.checkGrowing(out.length, 'tree-seq result');
      r.tick();
      if (truthy(isBranch(node))) {
        const cs = items('tree-seq', kids(node));
        for (let i = cs.length - 1; i >= 0; i--) stack.push(cs[i]);
      }
    }
    return out;
  },
  { params: ['[branch? children root]'], examples: [['(tree-seq vector? identity [1 [2 3]])', '[[1 [2 3]] 1 [2 3] 2 3]']] },
);
