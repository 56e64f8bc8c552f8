import './helpers';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Field, NativeSelectField } from '@/src/ui/Field';

describe('Field', () => {
  it('associates the visible label with the input', async () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return <Field label="Email" name="email" type="email" value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Controlled />);
    const input = screen.getByLabelText('Email');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(input, 'ana@example.com');
    expect((input as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('marks the input invalid and describes it with the error', () => {
    render(
      <Field
        label="Password"
        name="password"
        type="password"
        error="Este campo es obligatorio"
        hint="At least 6 characters"
      />,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    const error = screen.getByText('Este campo es obligatorio');
    const hint = screen.getByText('At least 6 characters');
    expect(describedBy).toContain(error.id);
    expect(describedBy).toContain(hint.id);
  });

  it('uses a given id and renders a textarea when multiline', () => {
    render(<Field label="Message" name="message" id="contact-message" multiline rows={6} />);
    const textarea = screen.getByLabelText('Message');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea.id).toBe('contact-message');
    expect(textarea.getAttribute('rows')).toBe('6');
  });

  it('shows a leading adornment inside the box', () => {
    render(<Field label="Amount" name="amount" placeholder="Enter Amount" adornment="$" />);
    expect(screen.getByPlaceholderText('Enter Amount')).toBe(screen.getByLabelText('Amount'));
    expect(screen.getByText('$')).toBeTruthy();
  });
});

describe('NativeSelectField', () => {
  it('labels the select, renders the placeholder first and reports changes', async () => {
    const onChange = vi.fn();
    render(
      <NativeSelectField
        label="Bank Name"
        name="bank"
        value=""
        onChange={onChange}
        placeholder="Select"
        options={[
          { value: 'a', label: 'Alpha Bank' },
          { value: 'b', label: 'Beta Bank' },
        ]}
        error="Este campo es obligatorio"
      />,
    );
    const select = screen.getByLabelText('Bank Name') as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.options[0]?.textContent).toBe('Select');
    expect(select.options[0]?.value).toBe('');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    await userEvent.selectOptions(select, 'b');
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
