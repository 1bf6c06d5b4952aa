import { Bold, Italic, Link2, List } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import styles from './rich-text-editor.module.css';

interface TRichTextEditorProps {
  label: string;
  onChange: (html: string) => void;
  error?: string;
  testId?: string;
  /** The HTML the box starts with (editing a saved text); later changes to it are ignored. */
  initialHtml?: string;
}

const TOOLS = [
  { command: 'bold', label: 'Bold', Icon: Bold },
  { command: 'italic', label: 'Italic', Icon: Italic },
  { command: 'createLink', label: 'Link', Icon: Link2 },
  { command: 'insertUnorderedList', label: 'Bulleted list', Icon: List },
] as const;

/**
 * A small rich-text editor: a contenteditable box with bold, italic, link and list. What it writes is only a draft:
 * the server sanitises the HTML on save and the page previews the saved version, as members will see it.
 */
export function RichTextEditor({ label, onChange, error, testId, initialHtml }: TRichTextEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const initial = useRef(initialHtml);
  useEffect(() => {
    // Saved HTML is the server's sanitised text: safe to put back into the box once, on mount.
    if (box.current && initial.current) box.current.innerHTML = initial.current;
  }, []);
  const labelId = useId();
  const errorId = useId();

  function run(command: (typeof TOOLS)[number]['command']) {
    box.current?.focus();
    if (command === 'createLink') {
      const url = window.prompt('Link address (https://…)');
      if (!url) return;
      document.execCommand('createLink', false, url);
    } else document.execCommand(command);
    onChange(box.current?.innerHTML ?? '');
  }

  return (
    <div className={styles.field}>
      <span className={styles.label} id={labelId}>
        {label}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </span>
      <div className={[styles.editor, error ? styles.invalid : ''].join(' ')}>
        <div className={styles.toolbar} role="toolbar" aria-label={`${label} formatting`}>
          {TOOLS.map(({ command, label: name, Icon }) => (
            // mousedown would take the selection out of the text; the click runs the command on it.
            <button key={command} type="button" className={styles.tool} aria-label={name} title={name} onMouseDown={(e) => e.preventDefault()} onClick={() => run(command)} data-testid={`editor-${command}`}>
              <Icon size={16} aria-hidden />
            </button>
          ))}
        </div>
        <div
          ref={box}
          className={styles.box}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          tabIndex={0}
          onInput={(e) => onChange(e.currentTarget.innerHTML)}
          data-testid={testId}
        />
      </div>
      {error && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
