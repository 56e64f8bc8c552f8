// Protected screens whose content later issues build; for now each shows its heading.
import { ScreenHeading } from './ScreenHeading';

const screen = (title: string) =>
  function Screen() {
    return <ScreenHeading title={title} />;
  };

