/**
 * The reserved-height style of the element a widget renders in (`:host { min-height }`, per view),
 * handed from the element's registration to the widget's root, which writes it into the shadow
 * root's own style: so markup rendered ahead of time holds the widget's space too.
 */
import { createContext } from 'react';

export const ReserveContext = createContext('');
