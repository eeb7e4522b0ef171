#include "document/selection.h"

namespace collscope::app {

void Selection::setMessage(int message) {
  if (message == m_message) return;
  m_message = message;
  emit messageChanged(m_message);
}

void Selection::setRank(int rank) {
  if (rank == m_rank) return;
  m_rank = rank;
  emit rankChanged(m_rank);
}

void Selection::clear() {
  setMessage(-1);
  setRank(-1);
}

} // namespace collscope::app
