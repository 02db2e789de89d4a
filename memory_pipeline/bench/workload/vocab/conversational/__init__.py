"""The conversational phrasing family (first-person chat), the one the package ships: the scale
workload and the committed sample are worded in it. Its names are spread over ``personal``, ``work``
and ``talk``; ``vocab.family("conversational")`` joins them."""
