#include "collscope/model/steps.hpp"

namespace collscope::model {

bool completes_in_step(OpKind kind) {
  return kind == OpKind::send || kind == OpKind::recv || kind == OpKind::isend_complete ||
         kind == OpKind::irecv_complete;
}

} // namespace collscope::model
