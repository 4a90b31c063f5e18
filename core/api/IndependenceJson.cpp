// independenceJson: the one place an independence test becomes the CLI's JSON (key order and notes are the
// contract).
#include "core/api/FitJson.h"
#include "core/api/Independence.h"

namespace rr::api {
namespace {

void writeTest(Json& j, const IndependenceTest& t, Notes& notes)
{
    writeFit(j, t.fit, notes);
    j["rejected"] = t.rejected;
    if (!t.note.empty())
        notes.add(t.note);
}

} // namespace

Json independenceJson(const IndependenceResult& r)
{
    Notes notes;
    if (r.randomized && !r.withDistortions)
        notes.add("which attributes were randomized is not known (no --p/--matrix): the verdict takes every "
                  "attribute as randomized");
    Json j;
    j["attributes"] = r.attributes;
    j["given"] = r.given;
    j["rows"] = r.rows;
    j["dropped_rows"] = r.droppedRows;
    j["n"] = countValue(r.n);
    if (r.withDistortions) {
        j["p"] = retentionJson(r.distortions, notes);
        if (r.distortions.anyMatrixFile())
            j["distortion"] = distortionJson(r.distortions, notes);
    }
    j["alpha"] = r.alpha;
    j["source"] = r.source;
    writeTest(j, r.test, notes);
    if (r.original) {
        Json original;
        writeTest(original, *r.original, notes);
        j["original"] = original;
        j["summary"] = r.summary;
    }
    j["valid"] = r.validity.valid;
    j["validity_reason"] = r.validity.reason;
    if (!notes.empty())
        j["notes"] = notes.toJson();
    return j;
}

} // namespace rr::api
