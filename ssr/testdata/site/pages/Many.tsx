// Fixture page with one Echo island per text and a form island: fills the
// island cache for its bound tests (ssr/island_test.go).
import { renderIsland } from '../../../runtime/island.js';

export default function Many({ texts, csrf }: { texts: string[]; csrf: string }) {
  return (
    <main>
      {texts.map((t) => renderIsland('Echo', { text: t }))}
      {renderIsland('Form', { csrf, label: 'Send' })}
    </main>
  );
}
