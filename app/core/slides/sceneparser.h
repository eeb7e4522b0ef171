// The inside of a ```scene block: `key: value` lines, `#` comments. Every mistake becomes a
// DeckError with its line and the scene's `error`, so the slide shows it where the figure goes.
#pragma once

#include "slides/deck.h"

namespace collscope::app::slides {

/// `lines` are the block's lines after the ```scene line at `fenceLine`; traces are
/// resolved against `directory`.
Scene parseScene(const QStringList& lines, int fenceLine, const QString& directory,
                 std::vector<DeckError>& errors);

} // namespace collscope::app::slides
