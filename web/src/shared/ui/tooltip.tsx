import {
  useId,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { TOOLTIP_MAX_WIDTH_PX, TOOLTIP_Z_INDEX } from '@app/contracts';

type TooltipProps = {
  content: ReactNode;
  /** Renders the trigger, given the id of the tooltip it must name in aria-describedby. */
  children: (describedBy: string) => ReactElement;
  maxWidth?: number;
  zIndex?: number;
};

/** A short description shown while the trigger is hovered or focused; Escape hides it. */
export function Tooltip({
  content,
  children,
  maxWidth = TOOLTIP_MAX_WIDTH_PX,
  zIndex = TOOLTIP_Z_INDEX,
}: TooltipProps) {
  const id = useId();
  const [isVisible, setIsVisible] = useState(false);
  const style = { maxWidth: `${maxWidth}px`, zIndex } as CSSProperties;

  function handleShow() {
    setIsVisible(true);
  }

  function handleHide() {
    setIsVisible(false);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') setIsVisible(false);
  }

  return (
    <span
      className="tooltip"
      onMouseEnter={handleShow}
      onMouseLeave={handleHide}
      onFocus={handleShow}
      onBlur={handleHide}
      onKeyDown={handleKeyDown}
    >
      {children(id)}
      <span id={id} role="tooltip" className="tooltip__bubble" style={style} hidden={!isVisible}>
        {content}
      </span>
    </span>
  );
}
