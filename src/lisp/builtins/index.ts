// Importing this module registers every builtin.
import './sequences.ts';
// In this order: the reference lists builtins in the order they are registered.
import './regroup.ts';
import './quantifiers.ts';
import './tree-seq.ts';
import './describe.ts';
import './walking.ts';
import './transform.ts';
import './build.ts';
import './aggregate.ts';
import './maps.ts';
import './associative.ts';
import './sets.ts';
import './math.ts';
import './bits.ts';
import './compare.ts';
import './predicates.ts';
import './coll-predicates.ts';
import './strings.ts';
import './regex.ts';
import './parsing.ts';
import './json.ts';
import './functions.ts';
import './interop.ts';
import './control.ts';

export * from './registry.ts';
