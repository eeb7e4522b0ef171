// Where a talk stands: a slide and a step in it. A slide whose scenes step by rounds has as
// many steps as its longest scene has rounds (side-by-side scenes step together; the shorter
// one stays at its end); any other slide has one step. "Next" walks the steps, then the slides.
// Pure, so the clicker's behaviour is tested without a window.
#pragma once

#include <vector>

namespace collscope::app::slides {

struct DeckPosition {
  int slide = 0;
  int step = 0;
  friend bool operator==(const DeckPosition&, const DeckPosition&) = default;
};

class DeckSteps {
public:
  DeckSteps() = default;
  /// Steps of each slide (each at least 1).
  explicit DeckSteps(std::vector<int> stepsPerSlide);

  int slideCount() const { return static_cast<int>(m_steps.size()); }
  int steps(int slide) const;
  /// The next step, or the first step of the next slide; the last position stays.
  DeckPosition next(DeckPosition at) const;
  /// The previous step, or the last step of the previous slide; the first position stays.
  DeckPosition previous(DeckPosition at) const;
  /// The first step of `slide`, clamped to the deck.
  DeckPosition slideStart(int slide) const;
  /// `at` made valid after the steps changed (a scene finished recording).
  DeckPosition clamp(DeckPosition at) const;
  /// Every position in order: the pages of a full export.
  std::vector<DeckPosition> all() const;
  /// The last step of every slide: the pages of a handout.
  std::vector<DeckPosition> finals() const;

private:
  std::vector<int> m_steps;
};

} // namespace collscope::app::slides
