// How a scene's run is recorded and where it is kept: `mpirun [--oversubscribe] -np P
// collscope-run ARGS --repetitions 1 --warmup 0 --trace DIR` (the app never touches MPI), into
// $XDG_CACHE_HOME/collscope/scenes/<key>, the key a hash of the arguments, P and the
// collscope-run binary (a rebuilt runner records afresh). Pure, tested without MPI.
#pragma once

#include "run/runcommand.h"
#include "slides/deck.h"

namespace collscope::app::slides {

/// mpirun from the PATH, collscope-run next to this program (or $COLLSCOPE_RUN), cores, uid;
/// `problem` says what is missing.
RunEnvironment sceneRunEnvironment(QString* problem);
/// $XDG_CACHE_HOME/collscope/scenes (~/.cache/collscope/scenes).
QString scenesDirectory();
/// 16 hex digits naming the scene's recording.
QString sceneKey(const Scene& scene, const QString& runner);
RunCommand sceneRunCommand(const Scene& scene, const RunEnvironment& environment,
                           const QString& traceDir);

} // namespace collscope::app::slides
