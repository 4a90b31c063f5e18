// rr-explorer-cli: the headless front end. Commands live in app/cli/, one file each.
#include "app/cli/Commands.h"
#include "core/data/AtomicWrite.h"

#include <exception>
#include <iostream>
#include <new>
#include <string>
#include <vector>

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    rr::removeTempFilesOnSignals();
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        return rr::cli::runCli(args, std::cout, std::cerr);
    } catch (const std::bad_alloc&) { // runCli catches its own; this is for what surrounds it
        std::cerr << "rr-explorer-cli: error: out of memory while starting\n";
    } catch (const std::exception& e) {
        std::cerr << "rr-explorer-cli: error: internal failure: " << e.what() << '\n';
    }
    return 1;
}
