/**
 * Renders a text from the data module in which `{name}` placeholders are
 * replaced by the matching entry of `values` (a string, number or element).
 * Unknown placeholders are left as they are.
 */
import { Fragment } from 'react';

export default function Template({ text, values }) {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name && Object.hasOwn(values, name)) return <Fragment key={i}>{values[name]}</Fragment>;
    return part;
  });
}
