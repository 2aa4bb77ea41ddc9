/** The element's reserved-height style, for WidgetRoot to write in, so prerendered markup holds the space too. */
import { createContext } from 'react';

export const ReserveContext = createContext('');
