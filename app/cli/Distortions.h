#pragma once
// --p and --matrix of every command that takes them, read into the typed layer's choice (core/api/Distortions.h
// builds the matrices and writes their JSON).
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/api/Distortions.h"

#include <string>
#include <vector>

namespace rr::cli {

// --matrix NAME=FILE (repeatable, one attribute per occurrence).
OptionSpec matrixOption();

using api::Distortions;
using api::distortionJson;
using api::retentionJson;

// --p and --matrix as the typed layer's choice (core/api/Distortions.h); InputError for a malformed item.
api::DistortionChoice distortionChoiceFrom(const Options& options);
// api::distortionsOf of the options' choice.
Distortions distortionsFrom(const Options& options, const std::vector<std::string>& names,
                            const std::vector<std::vector<std::string>>& categories);
// What distortionsFrom checks before any data is read (the --p and --matrix items: their syntax, names, and
// one distortion per attribute), so a typo is reported before a pass over a large source.
void checkDistortionOptions(const Options& options, const std::vector<std::string>& names);

// Refuses --matrix for a command that works on Warner's family only, saying why.
void refuseMatrix(const Options& options, const std::string& command, const std::string& why);

} // namespace rr::cli
