// rr-explorer-cli: the headless front end. Commands live in app/cli/, one file each.
#include "app/cli/Commands.h"
#include "core/data/Interrupt.h"
#include "core/data/TerminalText.h"
#include "core/sources/SqlUrl.h"
#include "core/sources/SecretScrub.h"

#include <cstring>

#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    rr::installInterruptHandlers("rr-explorer-cli");
    const std::vector<std::string> args(argv + 1, argv + argc);
    // A password in a database URL (or PWD= of a connection string) is read above; overwritten here, it no
    // longer shows in ps or /proc/PID/cmdline for the rest of the run. RR_SQL_PASSWORD never shows there.
    for (int i = 1; i < argc; ++i)
        for (const auto& [begin, end] : rr::sql::secretSpans(argv[i]))
            std::memset(argv[i] + begin, '*', end - begin);
    try {
        const int code = rr::cli::runCli(args, std::cout, std::cerr);
        rr::finishIfInterrupted(); // a signal during the last of the work: its message, not success
        return code;
    } catch (const std::bad_alloc&) { // runCli catches its own; this is for what surrounds it
        std::cerr << "rr-explorer-cli: error: out of memory while starting\n";
    } catch (const std::exception& e) {
        std::cerr << "rr-explorer-cli: error: internal failure: " << rr::escapeControls(e.what()) << '\n';
    }
    return 1;
}
