// The one place a `basket randomize` result becomes JSON: the CLI prints it (its keys, their order and the
// notes as the command has always written them).
#include "core/api/BasketRandomize.h"

#include "core/basketpipeline/BasketsPipeline.h"

namespace rr::api {
namespace {

// The output's files beside the release and the notes on them and on reading it back.
void addFileNotes(Json& j, Notes& notes, const BasketRandomizeResult& r)
{
    const std::string& out = r.out;
    notes.add("the baskets are in a uniformly random order drawn from the same generator, so a line's position "
              "says nothing about which original basket it is");
    if (!r.release.sizesPath.empty()) {
        notes.add(sizesPathOf(out) + " holds each basket's original size (line i: the basket on line i), which " +
                  operatorName(r.op.kind) + " recovery needs (004 Sec. 4.4); estimate and mine read it from there");
    } else {
        notes.add(operatorName(r.op.kind) + " randomizes each item's bit on its own: recovery needs no basket "
                                            "sizes, so no .sizes file is written");
        if (r.staleSizes)
            notes.add(sizesPathOf(out) + " exists from an earlier release and does not belong to this one");
    }
    if (r.op.kind == OperatorKind::FrequencyAware) {
        j["frequent_file"] = frequentPathOf(out);
        j["frequent_items"] = r.frequentItems;
        notes.add(frequentPathOf(out) + " lists the frequent items (one a line), whose keep probability is fp; "
                                        "estimate and mine read it from there");
    }
    if (!r.data.csv)
        notes.add("give --items " + std::to_string(r.summary.itemCount) +
                  " when reading the release back: its largest item id may be smaller than the universe's");
}

} // namespace

Json basketRandomizeJson(const BasketRandomizeResult& r)
{
    const BasketSummary& summary = r.summary;
    const bool withSizes = !r.release.sizesPath.empty();
    Notes notes;
    Json j;
    j["data"] = basketFileJson(r.data, summary.baskets, summary.itemCount, summary.occurrences, notes);
    j["operator"] = operatorJson(r.op);
    j["generator"] = r.generator;
    j["secure"] = r.secure;
    j["baskets"] = r.release.baskets;
    j["items"] = summary.itemCount;
    j["original_occurrences"] = summary.occurrences;
    j["release_occurrences"] = r.release.occurrences;
    j["expected_release_occurrences"] = r.expectedOccurrences;
    j["kept_occurrences"] = r.release.kept;
    j["inserted_occurrences"] = r.release.inserted;
    j["order"] = "random";
    j["out"] = r.out;
    j["sizes_written"] = withSizes;
    j["sizes_file"] = withSizes ? Json(sizesPathOf(r.out)) : Json(nullptr);
    addFileNotes(j, notes, r);
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
