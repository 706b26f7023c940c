import { expect, type Locator, type Page } from '@playwright/test';

// The app's date inputs are MUI X pickers: a group of Day, Month and Year sections named by
// the field's label, with the shown text kept in a hidden input.

export const dayField = (scope: Page | Locator, label: string) =>
  scope.getByRole('group', { name: label, exact: true });

/** 'yyyy-MM-dd' as people write it in the product: dd/MM/yyyy. */
export const shownDay = (day: string) => day.split('-').reverse().join('/');

/** Types a 'yyyy-MM-dd' day into a date field as a person does: dd/MM/yyyy, digit by digit. */
export async function typeDay(scope: Page | Locator, label: string, day: string) {
  const field = dayField(scope, label);
  const keyboard = 'keyboard' in scope ? scope.keyboard : scope.page().keyboard;
  const daySection = field.getByRole('spinbutton', { name: 'Day' });
  // Typed once the field has focus: a page still settling after a menu closed may drop it.
  await expect(async () => {
    await daySection.click();
    await expect(daySection).toBeFocused({ timeout: 2_000 });
    await keyboard.type(shownDay(day).replaceAll('/', ''));
    await expect(field.locator('input')).toHaveValue(shownDay(day), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens a date field's calendar. */
export async function openCalendar(scope: Page | Locator, label: string) {
  await dayField(scope, label)
    .getByRole('button', { name: /^Choose date/ })
    .click();
  const page = 'keyboard' in scope ? scope : scope.page();
  await expect(page.getByRole('grid')).toBeVisible();
}
