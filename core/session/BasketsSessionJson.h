#pragma once
// A basket session: the basket file and the Baskets workspace's BasketsChoice, as JSON. Written in the one
// session format (SessionHeader.h, version 2) with the keys the GUI has written since its first basket
// sessions (the CLI's option names where they match); those older files ({"kind": ...}) load.
#include "core/basketpipeline/BasketsChoice.h"
#include "core/session/JsonFields.h"
#include "core/session/SessionPlaces.h"

#include <string>

namespace rr {

struct BasketsSessionFile {
    std::string data; // the basket file; read back resolved (SessionPlaces)
    BasketsChoice choice;
};

// JSON text; a data file directly in places.sampleDir is stored as "sample:NAME".
std::string basketsSessionJson(const BasketsSessionFile& session, const SessionPlaces& places = {});
// The basket session of a document whose header names one (session::sessionKind); the data path resolves
// against places.baseDir. Throws InputError naming the field that is missing or out of range.
BasketsSessionFile basketsSessionFromDocument(const session::Json& root, const SessionPlaces& places);
// Text through the one session reader (AnySession.h); a table session is refused saying what it is.
BasketsSessionFile parseBasketsSession(const std::string& json, const SessionPlaces& places = {});

} // namespace rr
