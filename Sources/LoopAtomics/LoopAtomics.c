// The operations are `static inline` in the header; this file only gives the target a source.
#include "LoopAtomics.h"
