import more from './auth-more.module.css';

interface TModeSwitchProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  items: readonly { value: V; label: string; testId?: string }[];
}

/** The auth modals' two-way switch (password or SMS login, username or mobile registration, e-mail or mobile reset). */
export function ModeSwitch<V extends string>({ label, value, onChange, items }: TModeSwitchProps<V>) {
  return (
    <div role="tablist" aria-label={label} className={more.switcher}>
      {items.map((item) => (
        <button
          key={item.value}
          type="button"
          role="tab"
          aria-selected={item.value === value}
          className={more.switcherTab}
          data-testid={item.testId}
          onClick={() => onChange(item.value)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
