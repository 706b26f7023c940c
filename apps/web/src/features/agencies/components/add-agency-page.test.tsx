import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  conflict,
  fieldsOf,
  serverError,
  stubManagementServer,
} from '@/testing/management-test-server';
import { renderWithApp } from '@/testing/render-app';
import { AddAgencyPage } from './add-agency-page';

function renderPage() {
  const onAdded = vi.fn();
  renderWithApp(<AddAgencyPage onAdded={onAdded} />);
  return { onAdded, user: userEvent.setup() };
}

const nameField = () => screen.getByRole('textbox', { name: 'Name' });
const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('AddAgencyPage', () => {
  it('should keep Submit disabled when nothing was typed', () => {
    stubManagementServer({});
    renderPage();

    expect(screen.getByRole('heading', { name: 'Add agency' })).toBeTruthy();
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
  });

  it("should show the schema's message at the field and send nothing when the name is blank", async () => {
    const server = stubManagementServer({ agencyCreate: { body: { id: 9 } } });
    const { user } = renderPage();

    await user.type(nameField(), '   ');
    await user.click(submit());

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('should post exactly the trimmed name and report success when the agency is added', async () => {
    const server = stubManagementServer({ agencyCreate: { body: { id: 9 } } });
    const { user, onAdded } = renderPage();

    await user.type(nameField(), '  Sky Tours ');
    await user.click(submit());

    expect(await screen.findByText('Agency added')).toBeTruthy();
    expect(onAdded).toHaveBeenCalledOnce();
    expect(server.to('agencyCreate').map((request) => fieldsOf(request.form))).toEqual([
      { name: 'Sky Tours' },
    ]);
  });

  it("should show the server's message under the form when the name is taken", async () => {
    stubManagementServer({
      agencyCreate: conflict('An agency with this name already exists.'),
    });
    const { user, onAdded } = renderPage();

    await user.type(nameField(), 'Sky Tours');
    await user.click(submit());

    expect(await screen.findByText('An agency with this name already exists.')).toBeTruthy();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('should show the intro above the form when it is given one', () => {
    stubManagementServer({});
    renderWithApp(<AddAgencyPage onAdded={vi.fn()} intro={<p>Welcome aboard</p>} />);

    const intro = screen.getByText('Welcome aboard');
    const heading = screen.getByRole('heading', { name: 'Add agency' });
    expect(intro.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("should say 'Submit failed! Try again later' when the server fails", async () => {
    stubManagementServer({ agencyCreate: serverError });
    const { user } = renderPage();

    await user.type(nameField(), 'Sky Tours');
    await user.click(submit());

    expect(await screen.findByText('Submit failed! Try again later')).toBeTruthy();
  });
});
