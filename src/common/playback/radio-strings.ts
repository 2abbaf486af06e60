/** The radio's words (issue 48): its menus, buttons and the queue's radio line. */
export const radioStrings = {
  startRadio: 'Start radio',
  startRadioFrom: (name: string) => `Start radio from ${name}`,
  stopRadio: 'Stop radio',
  radioOn: 'Radio: more tracks like these are added as the queue runs out.',
} as const;
