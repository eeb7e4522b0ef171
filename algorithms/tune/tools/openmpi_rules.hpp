// Open MPI's dynamic rules file: its parser and lookup live in the ompi_tuned library
// (collscope/ompi/rules_file.hpp), which the recorder shares to name the algorithm a rules
// file selects; the exporter and `show-openmpi` use them under their names here.
#pragma once

#include "collscope/ompi/rules_file.hpp"

namespace collscope::profiles {

using ompi::coll_of_colltype;
using ompi::CollRule;
using ompi::colltype_count;
using ompi::colltype_name;
using ompi::colltype_of;
using ompi::CommRule;
using ompi::describe_rule;
using ompi::lookup;
using ompi::message_scale;
using ompi::MsgRule;
using ompi::parse_rules;
using ompi::RulesFile;
using ompi::Scale;
using ompi::write_rules;

} // namespace collscope::profiles
