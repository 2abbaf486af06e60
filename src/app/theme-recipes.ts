import {
  alertSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import type { SystemContext } from '@chakra-ui/react';
import { createAppSystem } from './theme';

/**
 * The recipes of the Chakra components the app uses (only those: all ~80 would be a fifth of
 * the app's first JavaScript). A component added to the app needs its recipe here too, or it
 * renders unstyled; theme.test.ts checks that. They are added to the system's theme rather than
 * given to createSystem so that this module can load beside the first page, in parallel with
 * the cache restore, instead of being part of the first download (issue 9). The system reads
 * recipes when a component first renders, and Providers renders nothing before this has run.
 * Returns the system with its recipes registered: what ChakraProvider is given.
 */
export function createSystemWithRecipes(): SystemContext {
  const system = createAppSystem();
  const theme = (system._config.theme ??= {});
  Object.assign((theme.recipes ??= {}), {
    badge: badgeRecipe,
    button: buttonRecipe,
    checkmark: checkmarkRecipe,
    code: codeRecipe,
    heading: headingRecipe,
    input: inputRecipe,
    link: linkRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
    spinner: spinnerRecipe,
    textarea: textareaRecipe,
  });
  Object.assign((theme.slotRecipes ??= {}), {
    alert: alertSlotRecipe,
    card: cardSlotRecipe,
    checkbox: checkboxSlotRecipe,
    dataList: dataListSlotRecipe,
    dialog: dialogSlotRecipe,
    field: fieldSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    popover: popoverSlotRecipe,
    progress: progressSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    tag: tagSlotRecipe,
    toast: toastSlotRecipe,
  });
  return system;
}
