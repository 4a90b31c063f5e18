#pragma once
// The options of the files the `basket` subcommands read: --data (baskets or a release), --columns, --items;
// core/api/BasketFiles.h reads the files.
#include "app/cli/Json.h"
#include "app/cli/Options.h"
#include "core/api/BasketFiles.h"
#include "core/api/BasketRecovery.h"

#include <string>
#include <vector>

namespace rr::cli {

using api::basketFileJson;
using api::itemJson;
using api::itemsJson;

// --data FILE (help text per subcommand), --columns, --items.
std::vector<OptionSpec> basketDataOptions(const std::string& dataHelp);

// --data (the command needs it unless `dataRequired` is false), --columns and --items (the FIMI universe) as a
// request; core/api reads the file.
api::BasketDataRequest basketDataRequest(const Options& options, bool dataRequired = true);

// A release read back: the operator options, --data (the release), --columns, --items and --original.
api::BasketReleaseRequest basketReleaseRequest(const Options& options);

} // namespace rr::cli
