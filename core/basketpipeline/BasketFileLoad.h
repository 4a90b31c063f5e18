#pragma once
// One basket file read whole, the one loader every front end uses (the CLI's basket commands, the Baskets
// workspace): FIMI (one basket a line, item ids), or a CSV of 0/1 columns (a name ending in .csv; item a is
// column itemNames[a]). Empty lines stay empty baskets (line i is basket i); a CSV's blank lines, which its
// reader skips, are counted in the report so that none is dropped unsaid.
#include "core/baskets/FimiReader.h"
#include "core/baskets/Progress.h"
#include "core/baskets/Transactions.h"

#include <string>
#include <vector>

namespace rr {

struct BasketFileRequest {
    std::string path;
    std::vector<std::string> columns; // a CSV's 0/1 columns that are the items; empty: all
    FimiOptions fimi;                 // a FIMI file's universe and limits (sourceName and empty lines: set here)
};

// One basket file as read, and what reading it showed.
struct BasketFile {
    std::string path;
    bool csv = false;                   // 0/1 columns (item a = column itemNames[a]) instead of FIMI
    std::vector<std::string> itemNames; // CSV only
    FimiReport report;                  // FIMI: what the reader met; CSV: its blank lines
    std::size_t emptyBaskets = 0;
};

struct LoadedBaskets {
    BasketFile file;
    Transactions baskets;
};

// Whether `path` is read as 0/1 columns (it ends in .csv, any case).
bool isBasketCsv(const std::string& path);
// The blank lines of a CSV file into `report` (emptyLines, the first ten line numbers).
void countBlankLines(const std::string& path, FimiReport& report);
// InputError naming the file for what it cannot read; `columns` given for a FIMI file is refused by the caller.
LoadedBaskets loadBasketFile(const BasketFileRequest& request, const BasketProgress& progress = {});

} // namespace rr
