// Times Google's own matcher over many robots.txt files, for benches/corpus.rs: the work
// every peer row of that bench does, one parse and one question per file, in this process,
// so no pipe or process start is counted.
//
// Standard input is a sequence of 'F' <32-bit little-endian length> <bytes> records, one
// per file. Arguments: the agent, the URL, and how many passes to time. Standard output is
// one line: `<files> <best pass in nanoseconds> <allowed answers in the best pass>`.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "robots.h"

namespace {

bool ReadFile(std::string* into) {
  unsigned char header[5];
  if (std::fread(header, 1, 5, stdin) != 5 || header[0] != 'F') return false;
  const uint32_t length = header[1] | header[2] << 8 | header[3] << 16 |
                          static_cast<uint32_t>(header[4]) << 24;
  into->resize(length);
  return length == 0 || std::fread(&(*into)[0], 1, length, stdin) == length;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: google-bench AGENT URL PASSES < files\n");
    return 2;
  }
  const std::string agent = argv[1];
  const std::string url = argv[2];
  const int passes = std::atoi(argv[3]);
  std::vector<std::string> files;
  std::string file;
  while (ReadFile(&file)) files.push_back(file);
  if (!std::feof(stdin)) return 2;

  int64_t best = INT64_MAX;
  size_t allowed_in_best = 0;
  for (int pass = 0; pass < passes; ++pass) {
    const auto begun = std::chrono::steady_clock::now();
    size_t allowed = 0;
    for (const std::string& robots_txt : files) {
      googlebot::RobotsMatcher matcher;
      allowed += matcher.OneAgentAllowedByRobots(robots_txt, agent, url) ? 1 : 0;
    }
    const int64_t elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                std::chrono::steady_clock::now() - begun)
                                .count();
    if (elapsed < best) {
      best = elapsed;
      allowed_in_best = allowed;
    }
  }
  std::printf("%zu %lld %zu\n", files.size(), static_cast<long long>(best), allowed_in_best);
  return std::fflush(stdout) == 0 ? 0 : 1;
}
