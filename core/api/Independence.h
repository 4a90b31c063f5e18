#pragma once
// `independence` of the typed layer (issue 43): the chi-square test of (conditional) independence of two
// attributes (003 Sec. 4.2.2) and whether, on randomized data, it is a valid test of the original hypothesis
// (003 Results 9, 10). One request, one function, one result; independenceJson is the one place the result
// becomes JSON (the CLI prints it, Python's to_dict() is it).
#include "core/api/Distortions.h"
#include "core/api/JsonValues.h"
#include "core/api/Source.h"
#include "core/independence/IndependenceTest.h"

#include <optional>
#include <string>
#include <vector>

namespace rr::api {

struct IndependenceRequest {
    DataRequest data;
    std::vector<std::string> attributes; // exactly two
    std::vector<std::string> given;      // the conditioning attributes (none: the plain test)
    bool dropIncomplete = false;
    // Given (any p or matrix): on original data, the test on the expected randomized table beside the original's;
    // on randomized data, which attributes were randomized. None: every attribute is taken as randomized when
    // `randomized`.
    DistortionChoice distortions;
    bool randomized = false; // the data are already randomized
    double alpha = 0.05;     // the level of the test, in (0, 1)
};

struct IndependenceResult {
    std::vector<std::string> attributes, given;
    std::size_t rows = 0, droppedRows = 0;
    double n = 0;
    bool withDistortions = false, randomized = false;
    Distortions distortions; // with distortions only
    double alpha = 0.05;
    std::string source; // "original", "randomized" or "expected-randomized"
    IndependenceTest test;
    std::optional<IndependenceTest> original; // expected-randomized: the test on the original data beside it
    std::string summary;                      // expected-randomized: both tests in one sentence
    RandomizedTestValidity validity;
};

// `names` holds exactly two attributes (InputError in the CLI's words otherwise).
void checkTestedPair(const std::vector<std::string>& names);

// Returning false stops the reading (Cancelled); called with the fraction read.
// InputError (in the CLI's words) for attributes, p, matrices or alpha that do not fit.
IndependenceResult independenceOf(const IndependenceRequest& request, const ProgressFunction& progress = {});

// The CLI's JSON of `result` (nlohmann ordered keys).
Json independenceJson(const IndependenceResult& result);

} // namespace rr::api
