// (doc name): print a name's reference entry with the run's println output and give nil. The name
// is not evaluated. An unknown name fails only when the form runs, as an unknown symbol does, so a
// branch that never runs cannot fail the program.
import { invalid, specialForms } from '../analyzer.ts';
import { hintOf, PtcError } from '../errors.ts';
import { rt } from '../runtime.ts';
import { closestNames, formatEntry, referenceEntry } from './index.ts';

specialForms.set('doc', (form) => {
  const args = form.items.slice(1);
  if (args.length !== 1) invalid(`doc expects one name, as in (doc map), got ${args.length} arguments`, form.loc, 'arity_error');
  const target = args[0];
  let name: string;
  if (target.t === 'sym') name = target.ns === null ? target.name : `${target.ns}/${target.name}`;
  else if (target.t === 'lit' && typeof target.v === 'string') name = target.v;
  else invalid('doc expects a name, as in (doc map) or (doc str/join)', target.loc);
  const loc = form.loc;
  return () => {
    const entry = referenceEntry(name);
    if (entry === undefined) {
      const near = closestNames(name);
      const hint = hintOf(near.length > 0 ? `Did you mean: ${near.join(', ')}?` : '');
      throw new PtcError('undefined_error', `No documentation for ${name}: it is not a special form, macro, builtin or constant.`, loc, hint);
    }
    rt().print(formatEntry(entry));
    return null;
  };
});
