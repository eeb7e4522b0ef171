#include "slides/deckposition.h"

#include <algorithm>

namespace collscope::app::slides {

DeckSteps::DeckSteps(std::vector<int> stepsPerSlide) : m_steps(std::move(stepsPerSlide)) {
  for (int& s : m_steps) s = std::max(1, s);
}

int DeckSteps::steps(int slide) const {
  if (slide < 0 || slide >= slideCount()) return 1;
  return m_steps[static_cast<std::size_t>(slide)];
}

DeckPosition DeckSteps::next(DeckPosition at) const {
  at = clamp(at);
  if (at.step + 1 < steps(at.slide)) return {at.slide, at.step + 1};
  if (at.slide + 1 < slideCount()) return {at.slide + 1, 0};
  return at;
}

DeckPosition DeckSteps::previous(DeckPosition at) const {
  at = clamp(at);
  if (at.step > 0) return {at.slide, at.step - 1};
  if (at.slide > 0) return {at.slide - 1, steps(at.slide - 1) - 1};
  return at;
}

DeckPosition DeckSteps::slideStart(int slide) const {
  return clamp({slide, 0});
}

DeckPosition DeckSteps::clamp(DeckPosition at) const {
  if (m_steps.empty()) return {};
  at.slide = std::clamp(at.slide, 0, slideCount() - 1);
  at.step = std::clamp(at.step, 0, steps(at.slide) - 1);
  return at;
}

std::vector<DeckPosition> DeckSteps::all() const {
  std::vector<DeckPosition> positions;
  for (int s = 0; s < slideCount(); ++s)
    for (int k = 0; k < steps(s); ++k) positions.push_back({s, k});
  return positions;
}

std::vector<DeckPosition> DeckSteps::finals() const {
  std::vector<DeckPosition> positions;
  for (int s = 0; s < slideCount(); ++s) positions.push_back({s, steps(s) - 1});
  return positions;
}

} // namespace collscope::app::slides
